import { HONEYPOT_FIELD } from "@site/contracts";

/**
 * Spam trap: an input people never see or reach with Tab, but that form-filling bots do fill. It is moved
 * off-screen (not display:none, which bots skip) and keeps a label for anyone whose screen reader finds it.
 * A filled value is still sent: the service answers as usual and stores the lead flagged as spam.
 * `id`: a form that may share its page with another (the chat panel's) gives its own.
 */
export function HoneypotField({ id = `${HONEYPOT_FIELD}-trap` }: { id?: string }) {
  return (
    <div className="absolute -left-[9999px] top-auto h-px w-px overflow-hidden" data-honeypot="">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
