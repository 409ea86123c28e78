/**
 * Effect `check` (RULES.md §2.10, §3, §5.6 Agent): the user learns an answer about the target — the role
 * module's `appearsAs` for the ability's kind of check (roles/index.ts checkResult), or the answer a
 * Lawyer's cover gives (§5.6). At once when chosen (§5.1) or in the morning (the ability's `check.result`);
 * a blocked checker learns "result unavailable" instead (§5.3, phases/night.ts).
 */
import { checkResult } from "../../roles/index.ts";
import { emit, player, toSeats } from "../../state.ts";
import type { EffectModule } from "./types.ts";

export const check: EffectModule = {
  id: "check",
  stage: "check",
  informs: true,
  answer(ctx, a, by, target, covers) {
    const s = ctx.s;
    const t = player(s, target);
    const kind = a.check!.kind;
    // §5.6 the Lawyer's cover changes the Commissar's and the Agent's answers.
    const result = covers.get(target)?.[kind] ?? checkResult(kind, t.role ?? "civilian", t.team);
    const night = s.day;
    s.checks = [...s.checks, { by, ability: a.id, target, night, result }];
    emit(ctx, "checked", toSeats([by]), { by, target, night, kind, result });
  },
};
