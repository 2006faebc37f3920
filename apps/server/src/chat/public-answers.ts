import type { FastifyReply } from "fastify";

/** The visitor's endpoints' answer to a token, link or start that does not prove the conversation. */
export const forbidden = (reply: FastifyReply) =>
  reply
    .code(403)
    .send({ error: "forbidden", message: "This conversation is not yours, or its link has run out." });
