/** The four company statistics (spec §1, §9). */
export interface Stat {
  value: string;
  label: string;
}

export const stats = [
  { value: "50+", label: "Clients Worldwide" },
  { value: "50+", label: "IT Experts" },
  { value: "100+", label: "Projects Completed" },
  { value: "99%", label: "Client Satisfaction" },
] as const satisfies readonly Stat[];
