import { company } from "./company";

/** Copy of the About page. Teams are described by role; no named individuals are invented. */
export const about = {
  hero: {
    eyebrow: "About us",
    title: `About ${company.name}`,
    intro: `Founded in ${company.foundingYear}, we are an enterprise technology partner with offices in Sri Lanka and the United Kingdom, helping businesses get more from IT consulting, software, hardware and internet services.`,
  },
  story: {
    title: "Our story",
    paragraphs: [
      `${company.name} began in ${company.foundingYear} with a simple idea: businesses deserve one technology partner who understands both the software they use and the equipment and networks it runs on.`,
      "Today our team of more than 50 IT experts works from Colombo and London, combining the engineering depth of our Sri Lankan delivery centre with client services close to our customers in the UK. Together we have completed more than 100 projects for over 50 clients worldwide.",
    ],
  },
  mission: {
    title: "Our mission",
    text: "To give every business we work with dependable, secure and well-built technology, explained in plain language and supported for the long term.",
    icon: "target",
  },
  vision: {
    title: "Our vision",
    text: "To be the partner growing organisations trust first for technology, known for quality work, honest advice and lasting relationships.",
    icon: "eye",
  },
  team: {
    eyebrow: "Our team",
    title: "The people behind your project",
    intro: "More than 50 IT experts, organised into focused teams that work together on every engagement.",
    groups: [
      {
        title: "Leadership and consulting",
        description:
          "Sets direction, shapes proposals and stays accountable for every client relationship from first call to support.",
        icon: "briefcase",
      },
      {
        title: "Software engineering",
        description:
          "Builds custom software, web and mobile applications, APIs and integrations with tested, maintainable code.",
        icon: "code",
      },
      {
        title: "Design",
        description:
          "Researches users and designs clear, accessible interfaces for websites, web applications and mobile apps.",
        icon: "pencil",
      },
      {
        title: "Infrastructure and security",
        description:
          "Installs and maintains hardware, networks, hosting and CCTV, and keeps systems and data protected.",
        icon: "shield",
      },
      {
        title: "Support",
        description:
          "Answers questions, resolves issues and keeps your systems running smoothly long after launch.",
        icon: "headset",
      },
    ],
  },
  values: {
    eyebrow: "What we value",
    title: "How we work with clients",
    items: [
      {
        title: "Clarity",
        description: "Plain-English advice, written proposals and no hidden costs.",
      },
      {
        title: "Quality",
        description: "Reviewed, tested work that we are happy to support for years.",
      },
      {
        title: "Security",
        description: "Data protection built into every system we design and maintain.",
      },
      {
        title: "Partnership",
        description: "Long-term relationships rather than one-off transactions.",
      },
    ],
  },
  offices: {
    eyebrow: "Where we are",
    title: "Offices in Sri Lanka and the UK",
  },
  cta: {
    title: "Let's talk about your next project",
    text: "Tell us what you are trying to achieve and we will arrange a conversation with the right people from our team.",
    link: { label: "Contact us", href: "/contact" },
  },
} as const;
