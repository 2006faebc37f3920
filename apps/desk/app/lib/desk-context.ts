import type { Staff } from "@site/contracts/desk";
import { useOutletContext } from "react-router";

/** What every signed-in page knows: who is signed in, and the members (assignees). */
export interface DeskContext {
  me: Staff;
  members: Staff[];
}

export const useDesk = () => useOutletContext<DeskContext>();
