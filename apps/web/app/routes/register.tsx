import { AuthCard } from "~/components/sections/auth-card";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/register";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Create an Account",
    description:
      "Register for a client account to claim your special offer and keep your enquiries, quotations and projects with us in one place. Registration takes a minute.",
    path: "/register",
    noindex: true,
  });

const fields = [
  { name: "name", label: "Full name", type: "text", autoComplete: "name" },
  { name: "email", label: "Email", type: "email", autoComplete: "email" },
  { name: "password", label: "Password", type: "password", autoComplete: "new-password" },
  { name: "confirmPassword", label: "Confirm password", type: "password", autoComplete: "new-password" },
] as const;

/** Placeholder (spec §5, §6): passwords must match; otherwise alerts the entered name. No server call. */
export default function Register() {
  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    if (form.get("password") !== form.get("confirmPassword")) {
      window.alert("Passwords do not match!");
      return;
    }
    window.alert(String(form.get("name") ?? ""));
  };
  return (
    <AuthCard
      id="register"
      title="Create an account"
      intro="Register to claim offers and follow your enquiries."
      fields={fields}
      submitLabel="Create account"
      onSubmit={onSubmit}
      other={{ prompt: "Already registered?", label: "Log in", to: "/login" }}
    />
  );
}
