import { company } from "./company";

/** Career openings. One module drives /careers and every /careers/{slug} page. */
export interface Job {
  slug: string;
  title: string;
  summary: string;
  /** Team the intern joins. */
  team: string;
  /** ISO date the opening was published (JobPosting.datePosted). */
  datePosted: string;
  employmentType: "INTERN";
  /** Where the work happens; consistent with the Colombo office in company.ts. */
  location: { locality: string; country: string; countryCode: string; arrangement: string };
  description: readonly string[];
  responsibilities: readonly string[];
  requirements: readonly string[];
  learn: readonly string[];
}

const colombo = company.officeLocations[0];
const colomboHybrid = {
  locality: colombo.locality,
  country: colombo.country,
  countryCode: colombo.countryCode,
  arrangement: "Hybrid (office and remote)",
} as const;

export const jobs = [
  {
    slug: "software-engineer",
    title: "Software Engineer Intern",
    summary: "Build and ship web and backend features alongside senior engineers.",
    team: "Engineering",
    datePosted: "2026-11-02",
    employmentType: "INTERN",
    location: colomboHybrid,
    description: [
      "Our engineering team builds custom software, web applications and integrations for businesses in Sri Lanka and the UK. As a Software Engineer Intern you will join a project team and work on real client features from specification to release, with a senior engineer as your mentor throughout.",
      "You will learn how professional software is planned, reviewed, tested and deployed, and you will leave with code in production and a clear picture of the kind of engineer you want to become.",
    ],
    responsibilities: [
      "Develop and test features for web applications and APIs under the guidance of a senior engineer",
      "Write clear, maintainable TypeScript and SQL, with automated tests for the code you change",
      "Take part in code reviews, stand-ups and sprint planning with the project team",
      "Investigate and fix bugs reported by clients and the support team",
      "Document the features you build for colleagues and clients",
    ],
    requirements: [
      "Studying for, or recently completed, a degree in computer science, software engineering or a related subject",
      "Working knowledge of at least one programming language, ideally JavaScript or TypeScript",
      "Understanding of HTML, CSS and how web applications talk to a server",
      "Familiarity with Git and basic SQL",
      "Good written and spoken English and a willingness to ask questions",
    ],
    learn: [
      "Modern web development with React, Node.js and relational databases",
      "How client projects are scoped, estimated and delivered",
      "Testing, code review and continuous integration in a professional team",
    ],
  },
  {
    slug: "ui-ux-designer",
    title: "UI/UX Designer Intern",
    summary: "Research, design and prototype interfaces for client products.",
    team: "Design",
    datePosted: "2026-11-02",
    employmentType: "INTERN",
    location: colomboHybrid,
    description: [
      "Good design is what makes business software pleasant to use. As a UI/UX Designer Intern you will help research users' needs, sketch and prototype interfaces, and work with our engineers to turn designs into websites, web applications and mobile apps for our clients.",
      "You will be mentored by an experienced designer and see your work tested with real users and shipped to production.",
    ],
    responsibilities: [
      "Create wireframes, user flows and high-fidelity mockups for web and mobile projects",
      "Build clickable prototypes and help run usability sessions",
      "Contribute to and follow our design systems and accessibility guidelines",
      "Prepare designs and assets for hand-over to developers",
      "Present design decisions to the project team and, with support, to clients",
    ],
    requirements: [
      "Studying for, or recently completed, a qualification in design, HCI or a related field",
      "A portfolio showing your design process as well as finished screens",
      "Working knowledge of Figma or a similar design tool",
      "An understanding of layout, typography, colour and accessible design",
      "Curiosity about how people use technology and good communication skills",
    ],
    learn: [
      "User research and usability testing on live client projects",
      "Designing for accessibility (WCAG) and for different screen sizes",
      "Working closely with developers to ship what you design",
    ],
  },
  {
    slug: "mobile-app-developer-interns",
    title: "Mobile App Developer Intern",
    summary: "Develop cross-platform mobile apps used by our clients' customers.",
    team: "Mobile",
    datePosted: "2026-11-02",
    employmentType: "INTERN",
    location: colomboHybrid,
    description: [
      "Our mobile team builds native and cross-platform apps for iOS and Android that our clients' customers use every day. As a Mobile App Developer Intern you will build screens and features, connect them to APIs and help prepare releases for the App Store and Google Play.",
      "You will work alongside experienced mobile developers who will review your work and help you grow your skills week by week.",
    ],
    responsibilities: [
      "Build app screens and features from designs, using cross-platform frameworks",
      "Connect apps to back-end APIs and handle offline and error states",
      "Test apps on real devices and emulators and fix the issues you find",
      "Help prepare builds, store listings and release notes",
      "Take part in code reviews and team planning sessions",
    ],
    requirements: [
      "Studying for, or recently completed, a degree in computer science, software engineering or a related subject",
      "Some experience building a mobile app, for study or a personal project",
      "Knowledge of JavaScript/TypeScript, Dart, Kotlin or Swift",
      "Understanding of REST APIs and JSON",
      "Attention to detail and a willingness to learn",
    ],
    learn: [
      "Cross-platform and native mobile development practices",
      "Publishing and maintaining apps on the App Store and Google Play",
      "Performance, accessibility and testing on mobile devices",
    ],
  },
] as const satisfies readonly Job[];

export const jobHref = (slug: string) => `/careers/${slug}`;
export const findJob = (slug: string | undefined) => jobs.find((j) => j.slug === slug);
export const jobLocationText = (job: Pick<Job, "location">) =>
  `${job.location.locality}, ${job.location.country} · ${job.location.arrangement}`;
