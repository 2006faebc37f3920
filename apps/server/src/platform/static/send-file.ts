import { createReadStream } from "node:fs";
import negotiate from "@fastify/accept-negotiator";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { SiteFile } from "./site-build";

/** True when an If-None-Match header matches the ETag (weak comparison, RFC 9110 §13.1.2). */
function etagMatches(header: string, etag: string): boolean {
  if (header.trim() === "*") return true;
  const bare = (t: string) => t.trim().replace(/^W\//, "");
  return header.split(",").some((t) => bare(t) === bare(etag));
}

/** If-None-Match, else If-Modified-Since (RFC 9110 §13.2.2); other preconditions are not used. */
function isNotModified(request: FastifyRequest, etag: string, lastModified: Date): boolean {
  const inm = request.headers["if-none-match"];
  if (inm !== undefined) return etagMatches(inm, etag);
  const ims = request.headers["if-modified-since"];
  if (ims === undefined) return false;
  const since = Date.parse(ims);
  return Number.isFinite(since) && Math.floor(lastModified.getTime() / 1000) * 1000 <= since;
}

/**
 * Sends one build file from memory: the precompressed copy the client accepts (highest q, br before
 * gzip at equal q, identity when none), with its own strong ETag, Last-Modified, 304 to a matching
 * conditional GET, and Vary: Accept-Encoding when the file has copies. A 404 (the 404 page, the SPA
 * fallback) is never answered with 304: its validators are the page's, not the missing URL's.
 */
export function sendFile(request: FastifyRequest, reply: FastifyReply, entry: SiteFile, status = 200) {
  const accepted = request.headers["accept-encoding"];
  const encoding = accepted ? negotiate(accepted.toLowerCase(), entry.encodings) : null;
  const variant = (encoding && entry.compressed[encoding]) || entry.identity;
  reply.header("Content-Type", entry.contentType);
  reply.header("Cache-Control", entry.cacheControl);
  reply.header("Content-Security-Policy", entry.contentSecurityPolicy);
  reply.header("ETag", variant.etag);
  reply.header("Last-Modified", entry.lastModified.toUTCString());
  if (entry.encodings.length > 0) reply.header("Vary", "Accept-Encoding");
  if (status === 200 && isNotModified(request, variant.etag, entry.lastModified)) {
    return reply.code(304).send();
  }
  if (encoding) reply.header("Content-Encoding", encoding);
  reply.header("Content-Length", variant.size);
  reply.code(status);
  if (request.method === "HEAD") return reply.send();
  return reply.send(variant.body ?? createReadStream(variant.absPath));
}
