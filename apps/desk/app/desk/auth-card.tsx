import type { ReactNode } from "react";
import { card } from "~/components/ui";

/** The frame of the sign-in and enrolment pages. */
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <main id="main" className="flex min-h-screen items-center justify-center px-4 py-12">
      <div className={`w-full max-w-md p-6 sm:p-8 ${card}`}>
        <div className="flex items-center gap-2 text-sm font-semibold text-slate-700">
          <img src="/favicon.svg" alt="" className="size-7" />
          Lead desk
        </div>
        <h1 className="mt-6 text-2xl font-semibold tracking-tight">{title}</h1>
        <div className="mt-2 text-sm leading-relaxed text-slate-700">{intro}</div>
        <div className="mt-6">{children}</div>
      </div>
    </main>
  );
}

/** An error of the page, announced as it appears. */
export function AuthError({ message }: { message: string | null }) {
  return (
    <div role="alert" className="min-h-0 text-sm">
      {message ? <p className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-red-800">{message}</p> : null}
    </div>
  );
}
