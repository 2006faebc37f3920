/** Shared by both routes: a client chunk of its own that the route chunks import statically. */
export const greeting = (name: string) => `Hello, ${name}`;
