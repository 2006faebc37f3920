/** 'How We Work': the six-step process shown on the home page. */
type ProcessIcon = "search" | "target" | "pencil" | "code" | "rocket" | "life-buoy";

export interface ProcessStep {
  title: string;
  description: string;
  icon: ProcessIcon;
}

export const processSteps = [
  {
    title: "Discovery",
    description:
      "We listen first: your goals, your users, the systems you already run and the constraints we must respect.",
    icon: "search",
  },
  {
    title: "Planning",
    description:
      "A clear proposal with scope, milestones, costs and responsibilities, agreed before any work begins.",
    icon: "target",
  },
  {
    title: "Design",
    description:
      "Architecture, user journeys and prototypes that you review and approve, so there are no surprises later.",
    icon: "pencil",
  },
  {
    title: "Development",
    description:
      "Short, visible iterations with regular demonstrations, code review and automated testing throughout.",
    icon: "code",
  },
  {
    title: "Deployment",
    description:
      "A planned launch with data migration, training for your team and a rollback plan if anything goes wrong.",
    icon: "rocket",
  },
  {
    title: "Support",
    description:
      "Ongoing maintenance, monitoring and improvements from the same team that built your solution.",
    icon: "life-buoy",
  },
] as const satisfies readonly ProcessStep[];
