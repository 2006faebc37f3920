import { AuthCard } from "~/components/sections/auth-card";
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

const fields = [
  { name: "email", label: "Email", type: "email", autoComplete: "email" },
  { name: "password", label: "Password", type: "password", autoComplete: "current-password" },
] as const;

/** Placeholder (spec §6): no server call; alerts the entered e-mail address. */
export default function Login() {
  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const email = String(new FormData(e.currentTarget).get("email") ?? "");
    window.alert(email);
  };
  return (
    <AuthCard
      id="login"
      title="Log in"
      intro="Sign in to your client account."
      fields={fields}
      submitLabel="Log in"
      onSubmit={onSubmit}
      other={{ prompt: "New to us?", label: "Create an account", to: "/register" }}
    />
  );
}
