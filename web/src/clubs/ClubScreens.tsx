/** The club screens, one lazy chunk (web/src/routes.ts loadClubs; App.tsx, Profile.tsx). */
export { ClubPage } from "./ClubPage.tsx";
export { EveningPage } from "./EveningPage.tsx";
export { MyEvenings } from "./MyEvenings.tsx";
export { NewClub } from "./NewClub.tsx";
export { Review } from "./Review.tsx";
