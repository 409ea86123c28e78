/** The club screens, one lazy chunk (web/src/routes.ts loadClubs; App.tsx, Profile.tsx). */
import { registerErrors } from "../i18n/index.ts";
import { CLUB_ERRORS } from "./catalogue.ts";

// Their refusals' texts come with them (not in the initial JS).
registerErrors(CLUB_ERRORS);

export { ClubPage } from "./ClubPage.tsx";
export { EveningPage } from "./EveningPage.tsx";
export { MyEvenings } from "./MyEvenings.tsx";
export { NewClub } from "./NewClub.tsx";
export { Review } from "./Review.tsx";
