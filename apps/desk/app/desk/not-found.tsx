import { Link } from "react-router";
import { AuthCard } from "./auth-card";
import { buttonPrimary } from "~/components/ui";

export const meta = () => [{ title: "Page not found · Lead desk" }];

/** Any address the desk does not have: the desk's own frame, and the way back. */
export default function NotFound() {
  return (
    <AuthCard title="Page not found" intro="There is no page at this address in the lead desk.">
      <Link className={buttonPrimary} to="/">
        Back to the inbox
      </Link>
    </AuthCard>
  );
}
