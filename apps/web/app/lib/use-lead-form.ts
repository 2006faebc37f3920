import { CHALLENGE_FIELD, HONEYPOT_FIELD, type LeadKind, fieldErrors, leadSchemas } from "@site/contracts";
import { type ChangeEvent, type FormEvent, type RefObject, useEffect, useRef, useState } from "react";
import { type LeadPayload, type LeadResult, serviceUrl, submitLead } from "./api-client";
import { useChallenge } from "./challenge";
import { createIdempotencyKeys } from "./idempotency";

/** Spec §9: the success message is shown for 15 seconds. */
const SUCCESS_MESSAGE_MS = 15_000;

export type LeadFormStatus = "idle" | "submitting" | "success" | "error";

export interface LeadFormMessages {
  success: string;
  /** The service answered with a non-success status (a function: words for that answer). */
  failure: string | ((result: Extract<LeadResult, { ok: false }>) => string);
  /** No answer at all (network failure); receives what fetch threw. */
  unreachable: (error: unknown) => string;
}

/** What a field needs from the form: pass it to TextField, TextAreaField or SelectField as props. */
export interface FieldBinding<F extends string = string> {
  name: F;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
  /** The field's message; the field sets aria-invalid and aria-describedby from it. */
  error: string | undefined;
}

/** What the form element and its status line need: spread onto LeadFormShell. */
export interface LeadFormProps {
  /** Reads what was entered before hydration. */
  formRef: RefObject<HTMLFormElement | null>;
  status: LeadFormStatus;
  message: string | null;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

interface Options<K extends LeadKind, F extends string> {
  /** Selects the endpoint and the shared schema (leadSchemas in @site/contracts). */
  kind: K;
  /** Every visible field with its empty value, in on-screen order (the first invalid one gets focus). */
  initialValues: Record<F, string>;
  messages: LeadFormMessages;
}

/** The contact and quote forms: their service and schema by kind. */
export function useLeadForm<K extends LeadKind, F extends string>({ kind, ...rest }: Options<K, F>) {
  return useSubmitForm<F>({
    ...rest,
    schema: leadSchemas[kind],
    challenge: serviceUrl(kind),
    submit: (payload, key, signal) => submitLead(kind, payload as LeadPayload<K>, key, signal),
  });
}

export interface SubmitFormOptions<F extends string> {
  /** The contract the service checks the same payload with. */
  schema: {
    safeParse(v: unknown): { success: true } | { success: false; error: Parameters<typeof fieldErrors>[0] };
  };
  /** The base URL of the service whose proof-of-work challenge goes with the payload (lib/challenge.ts). */
  challenge: string;
  /** Sends the payload; resolves with the service's answer. */
  submit: (
    payload: Record<string, unknown>,
    idempotencyKey: string,
    signal: AbortSignal,
  ) => Promise<LeadResult>;
  initialValues: Record<F, string>;
  messages: LeadFormMessages;
  /** More of the payload than the fields (e.g. the visitor's time zone). */
  extra?: () => Record<string, unknown>;
  /** After a success, with the answer's body. */
  onSuccess?: (body: unknown) => void;
  /** After a refusal (a non-2xx answer), with it. */
  onFailure?: (result: Extract<LeadResult, { ok: false }>) => void;
}

/**
 * State machine of a lead form (spec §4): idle → submitting → success | error.
 * Validates with the shared contract before sending; maps a 400 answer back onto the fields.
 */
export function useSubmitForm<F extends string>({
  schema,
  challenge,
  submit,
  initialValues,
  messages,
  extra,
  onSuccess,
  onFailure,
}: SubmitFormOptions<F>) {
  const [values, setValues] = useState<Record<F, string>>(initialValues);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [status, setStatus] = useState<LeadFormStatus>("idle");
  const [message, setMessage] = useState<string | null>(null);

  const formRef = useRef<HTMLFormElement>(null);
  // Solved while the person fills in the form; a send before it is ready waits for it.
  const solver = useChallenge(challenge, formRef);
  const keys = useRef(createIdempotencyKeys());
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<AbortController | null>(null);

  // The submit button is disabled while sending, which drops keyboard focus; give it back afterwards
  // unless something else (e.g. the first invalid field) has taken it.
  const returnFocus = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (status === "submitting") return;
    const el = returnFocus.current;
    returnFocus.current = null;
    const active = document.activeElement;
    if (el?.isConnected && (active === null || active === document.body)) el.focus();
  }, [status]);

  // The prerendered form can be typed into, or filled by the browser's autofill, before React
  // hydrates it. React keeps what is on screen in a controlled field but not in its state, so the
  // form would report those fields as missing. Adopt them once, as soon as React runs.
  useEffect(() => {
    const fields = formRef.current?.elements;
    if (!fields) return;
    const onScreen: Partial<Record<F, string>> = {};
    for (const name of Object.keys(initialValues) as F[]) {
      const el = fields.namedItem(name);
      const editable =
        el instanceof HTMLInputElement ||
        el instanceof HTMLTextAreaElement ||
        el instanceof HTMLSelectElement;
      if (editable && el.value !== initialValues[name]) onScreen[name] = el.value;
    }
    if (Object.keys(onScreen).length > 0) setValues((prev) => ({ ...prev, ...onScreen }));
  }, [initialValues]);

  useEffect(
    () => () => {
      clearTimeout(hideTimer.current);
      inFlight.current?.abort();
    },
    [],
  );

  const fieldNames = Object.keys(initialValues) as F[];

  /** First message per visible field; honeypot and unknown keys are never shown. */
  const visibleErrors = (all: Record<string, string[]>) => {
    const out: Partial<Record<F, string>> = {};
    for (const name of fieldNames) {
      const first = all[name]?.[0];
      if (first) out[name] = first;
    }
    return out;
  };

  const setValue = (name: F, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    // Once a field shows an error, re-check it as the person types so the message clears when fixed.
    if (errors[name]) {
      const result = schema.safeParse(next);
      const fieldError = result.success ? undefined : visibleErrors(fieldErrors(result.error))[name];
      setErrors((prev) => ({ ...prev, [name]: fieldError }));
    }
  };

  const bind = (name: F): FieldBinding<F> => ({
    name,
    value: values[name],
    onChange: (event) => setValue(name, event.target.value),
    error: errors[name],
  });

  const focusFirst = (form: HTMLFormElement, errs: Partial<Record<F, string>>) => {
    const first = fieldNames.find((n) => errs[n]);
    const el = first ? form.elements.namedItem(first) : null;
    if (el instanceof HTMLElement) el.focus();
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status === "submitting") return;
    const form = event.currentTarget;
    const trap = form.elements.namedItem(HONEYPOT_FIELD);
    const payload: Record<string, unknown> = {
      ...values,
      ...extra?.(),
      [HONEYPOT_FIELD]: trap instanceof HTMLInputElement ? trap.value : "",
    };

    const checked = schema.safeParse(payload);
    if (!checked.success) {
      const errs = visibleErrors(fieldErrors(checked.error));
      if (Object.keys(errs).length > 0) {
        setErrors(errs);
        focusFirst(form, errs);
        return;
      }
    }
    setErrors({});

    const idempotencyKey = keys.current.keyFor(payload);
    clearTimeout(hideTimer.current);
    const controller = new AbortController();
    inFlight.current = controller;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    returnFocus.current = submitter instanceof HTMLElement ? submitter : null;
    setStatus("submitting");
    setMessage(null);

    try {
      // The key is the data's; the solution is new for every attempt (each is accepted once).
      const proof = await solver.take();
      if (controller.signal.aborted) return;
      const result = await submit(
        { ...payload, [CHALLENGE_FIELD]: proof },
        idempotencyKey,
        controller.signal,
      );
      if (controller.signal.aborted) return;
      if (result.ok) {
        keys.current.reset();
        setValues(initialValues);
        if (trap instanceof HTMLInputElement) trap.value = "";
        setStatus("success");
        setMessage(messages.success);
        onSuccess?.(result.body);
        hideTimer.current = setTimeout(() => {
          setStatus("idle");
          setMessage(null);
        }, SUCCESS_MESSAGE_MS);
      } else {
        const errs = result.fields ? visibleErrors(result.fields) : {};
        setErrors(errs);
        setStatus("error");
        setMessage(typeof messages.failure === "string" ? messages.failure : messages.failure(result));
        onFailure?.(result);
        focusFirst(form, errs);
      }
    } catch (error) {
      if (controller.signal.aborted) return;
      setStatus("error");
      setMessage(messages.unreachable(error));
    } finally {
      if (inFlight.current === controller) inFlight.current = null;
    }
  };

  const form: LeadFormProps = { formRef, status, message, onSubmit: handleSubmit };
  return { bind, form, setValue };
}
