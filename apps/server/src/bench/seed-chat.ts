// A conversation for the chat benches: started, then `messages` messages of 5,000 characters in all,
// written straight into the store (no rate limit in the way).
import { randomUUID } from "node:crypto";
import { addMessage, startConversation } from "../chat/chat-store";
import { newToken } from "../platform/tokens";
import { openDatabase } from "../records/database";

export async function seedConversation(url: string, messages: number) {
  const database = await openDatabase(url);
  const now = new Date();
  const text = (i: number) => `${i} `.padEnd(5_000, "lorem ipsum ");
  const session = await startConversation(
    database.db,
    {
      name: "Bench Visitor",
      email: "bench@example.com",
      body: text(1),
      clientId: randomUUID(),
      secret: newToken(),
      website: false,
    },
    { now, channels: [] },
  );
  if (session.refused) throw new Error("the seed's start was refused");
  for (let i = 2; i <= messages; i++) {
    await addMessage(database.db, {
      conversationId: session.conversationId,
      author: "visitor",
      body: text(i),
      clientId: randomUUID(),
      now,
    });
  }
  await database.close();
  return { conversationId: session.conversationId, token: session.token };
}
