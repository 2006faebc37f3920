import { company } from "./company";

/** Slides of the home page's 'Why choose' carousel. */
type ReasonIcon = "layers" | "users" | "handshake" | "shield" | "clock" | "gauge";

export interface Reason {
  title: string;
  description: string;
  icon: ReasonIcon;
}

export const whyChooseTitle = `Why choose ${company.name}`;
export const whyChooseIntro =
  "One accountable partner for consulting, software, hardware and internet services, with teams in Sri Lanka and the UK.";

export const reasons = [
  {
    title: "Everything under one roof",
    description:
      "Software, hardware, hosting, surveillance and security from one team, so nothing falls between suppliers.",
    icon: "layers",
  },
  {
    title: "Experienced specialists",
    description:
      "More than 50 IT experts across development, infrastructure, design and support, working on your project.",
    icon: "users",
  },
  {
    title: "A proven track record",
    description:
      "Over 100 projects completed for more than 50 clients worldwide since we were founded in 2014.",
    icon: "handshake",
  },
  {
    title: "Security by default",
    description:
      "Access control, encryption, backups and secure erasure are part of how we build, not optional extras.",
    icon: "shield",
  },
  {
    title: "Support across time zones",
    description:
      "Offices in Colombo and London mean you reach people who know your systems during your working day.",
    icon: "clock",
  },
  {
    title: "Clients who stay",
    description:
      "99% client satisfaction, earned through clear communication, realistic plans and honest advice.",
    icon: "gauge",
  },
] as const satisfies readonly Reason[];
