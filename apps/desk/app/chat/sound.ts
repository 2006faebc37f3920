// The chime that announces a new conversation or message on the Chats screen, made with Web Audio
// (no file to fetch), and the member's switch for it (kept in this browser).
const KEY = "desk.chatSound";

export function soundOn(): boolean {
  try {
    return localStorage.getItem(KEY) !== "off";
  } catch {
    return true;
  }
}

export function setSoundOn(on: boolean) {
  try {
    localStorage.setItem(KEY, on ? "on" : "off");
  } catch {
    // No storage: the switch lasts as long as the page.
  }
}

let context: AudioContext | undefined;

/** Two short notes; silent when the browser has not allowed sound yet (no gesture on the page). */
export function chime() {
  try {
    context ??= new AudioContext();
    const start = context.currentTime;
    for (const [i, frequency] of [880, 1320].entries()) {
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + i * 0.12);
      gain.gain.exponentialRampToValueAtTime(0.2, start + i * 0.12 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + i * 0.12 + 0.18);
      osc.connect(gain).connect(context.destination);
      osc.start(start + i * 0.12);
      osc.stop(start + i * 0.12 + 0.2);
    }
  } catch {
    // No Web Audio: the title and the announcement still tell.
  }
}
