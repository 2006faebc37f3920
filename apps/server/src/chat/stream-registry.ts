// The open streams of one app: shutdown ends them all, an event about a conversation reaches its
// streams, and a visitor's streams are counted, per conversation and per client, in this process
// (decision 0025 says why not across instances: what the bound spares is this process's sockets and
// memory, and a count kept in Redis would outlive an instance that dies).

/** At most this many visitor streams of one conversation, in one process. */
export const STREAMS_PER_CONVERSATION = 3;
/** At most this many visitor streams from one client (IPv4 address or IPv6 /64), in one process. */
export const STREAMS_PER_CLIENT = 10;

/** What the registry can ask of an open stream. */
export interface OpenStream {
  conversationId: string;
  /** Ends the stream (shutdown, replaced by the same panel's reconnection). */
  close(): void;
  /** Checks again whether the stream may stay open (its token, its conversation) and ends it if not. */
  recheck(): void;
}

interface Visitor {
  client: string;
  /** The panel's own name for its stream: a reconnection of the same panel replaces the old one. */
  key: string | undefined;
}

export type Admission = { ok: true; release: () => void } | { ok: false; why: "conversation" | "client" };

export class StreamRegistry {
  private readonly open = new Map<OpenStream, Visitor | undefined>();

  /** Adds a desk stream (not counted); returns how to remove it. */
  add(stream: OpenStream): () => void {
    this.open.set(stream, undefined);
    return () => void this.open.delete(stream);
  }

  /**
   * Admits a visitor's stream within the bounds, first ending the stream the same panel had open
   * (same conversation, same key): a reconnection is never refused because of its own old stream.
   */
  admitVisitor(stream: OpenStream, visitor: Visitor): Admission {
    if (visitor.key !== undefined) {
      for (const [other, v] of this.open) {
        if (v?.key === visitor.key && other.conversationId === stream.conversationId) other.close();
      }
    }
    let inConversation = 0;
    let fromClient = 0;
    for (const [other, v] of this.open) {
      if (!v) continue;
      if (other.conversationId === stream.conversationId) inConversation++;
      if (v.client === visitor.client) fromClient++;
    }
    if (inConversation >= STREAMS_PER_CONVERSATION) return { ok: false, why: "conversation" };
    if (fromClient >= STREAMS_PER_CLIENT) return { ok: false, why: "client" };
    this.open.set(stream, visitor);
    return { ok: true, release: () => void this.open.delete(stream) };
  }

  /** Every stream of the conversation checks again whether it may stay open. */
  recheck(conversationId: string) {
    for (const stream of [...this.open.keys()])
      if (stream.conversationId === conversationId) stream.recheck();
  }

  closeAll() {
    for (const stream of [...this.open.keys()]) stream.close();
  }

  get size() {
    return this.open.size;
  }
}
