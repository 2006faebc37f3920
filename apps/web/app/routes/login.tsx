import { Link } from "react-router";
import { AuthCard, inputClass, labelClass } from "~/components/sections/auth-card";
import { SubmitButton } from "~/components/ui/submit-button";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Client Login",
    description:
      "Sign in to your client account to follow your projects, quotations and support requests with our team. Client accounts are coming soon to this site.",
    path: "/login",
    noindex: true,
  });

/** Placeholder (spec §6): no server call; alerts the entered e-mail address. */
export default function Login() {
  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const email = String(new FormData(e.currentTarget).get("email") ?? "");
    window.alert(email);
  };
  return (
    <AuthCard title="Log in" intro="Sign in to your client account.">
      <form className="mt-8 space-y-5" onSubmit={onSubmit}>
        <div>
          <label htmlFor="login-email" className={labelClass}>
            Email
          </label>
          <input
            id="login-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor="login-password" className={labelClass}>
            Password
          </label>
          <input
            id="login-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            className={inputClass}
          />
        </div>
        <SubmitButton className="w-full">Log in</SubmitButton>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        New to us?{" "}
        <Link to="/register" className="font-semibold text-brand-700 underline underline-offset-4">
          Create an account
        </Link>
      </p>
    </AuthCard>
  );
}
