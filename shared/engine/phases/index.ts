/**
 * The phase modules: one file each, none importing another. A preset's flow names them by
 * `kind`; flow/interpreter.ts is the only code that dispatches on a phase's kind (by this table).
 */
import type { PhaseModule } from "../flow/types.ts";
import { acquaintance } from "./acquaintance.ts";
import { candidacy } from "./candidacy.ts";
import { day } from "./day.ts";
import { deal } from "./deal.ts";
import { end } from "./end.ts";
import { freeTalk } from "./free-talk.ts";
import { interlude } from "./interlude.ts";
import { night } from "./night.ts";
import { question } from "./question.ts";
import { speeches } from "./speeches.ts";
import { voting } from "./voting.ts";

export const PHASE_MODULES: Readonly<Record<string, PhaseModule>> = { deal, acquaintance, day, "free-talk": freeTalk, speeches, interlude, voting, question, night, end, candidacy };
