/**
 * A yes/no setting remembered on this device (localStorage "1" / "0"), as a Solid signal: the narration,
 * the oval's marks, the hint line, the night move's cue. Private mode or a full storage keeps it for this
 * page only.
 */
import { createSignal, type Accessor } from "solid-js";

export function storedFlag(key: string, fallback: boolean): [Accessor<boolean>, (on: boolean) => void] {
  let initial = fallback;
  try {
    const v = localStorage.getItem(key);
    if (v === "1" || v === "0") initial = v === "1";
  } catch {
    /* storage unavailable: the fallback */
  }
  const [get, set] = createSignal(initial);
  const put = (on: boolean) => {
    set(on);
    try {
      localStorage.setItem(key, on ? "1" : "0");
    } catch {
      /* storage unavailable: for this page only */
    }
  };
  return [get, put];
}
