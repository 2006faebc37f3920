// The Chats list, kept live by the desk-wide stream (GET /api/chats/events): each change to a
// conversation arrives as its summary. A new conversation, or a new message from a visitor, is
// announced: the page title counts the unread messages, a polite announcement, and a chime the member
// can turn off. While the stream is open the member counts as present (their "available" switch).
import {
  type ChatList,
  chatListSchema,
  type ChatSummary,
  chatSummarySchema,
  DESK_CHAT_EVENTS,
} from "@site/contracts/desk";
import { useEffect, useRef, useState } from "react";
import { api } from "~/lib/api";
import { chime, soundOn } from "./sound";

const order = (a: ChatSummary, b: ChatSummary) =>
  a.state === b.state ? b.lastMessageAt.localeCompare(a.lastMessageAt) : a.state === "open" ? -1 : 1;

export function useChatList(initial: ChatList) {
  const [list, setList] = useState(initial);
  const [announcement, setAnnouncement] = useState("");
  const known = useRef(new Map(initial.conversations.map((c) => [c.id, c])));

  useEffect(() => {
    setList(initial);
    known.current = new Map(initial.conversations.map((c) => [c.id, c]));
  }, [initial]);

  useEffect(() => {
    const source = new EventSource("/api/chats/events");
    // Every (re)connection: read the whole list again, so nothing missed while away stays missed.
    source.addEventListener("ready", () => {
      api(chatListSchema, "/api/chats").then(
        (fresh) => {
          known.current = new Map(fresh.conversations.map((c) => [c.id, c]));
          setList(fresh);
        },
        () => {},
      );
    });
    source.addEventListener(DESK_CHAT_EVENTS.summary, (e) => {
      const summary = chatSummarySchema.parse(JSON.parse((e as MessageEvent<string>).data));
      const before = known.current.get(summary.id);
      known.current.set(summary.id, summary);
      if (!before || summary.unread > before.unread) {
        setAnnouncement(
          before ? `New message from ${summary.name}.` : `New chat from ${summary.name}: ${summary.preview}`,
        );
        if (soundOn()) chime();
      }
      setList((l) => ({
        ...l,
        conversations: [summary, ...l.conversations.filter((c) => c.id !== summary.id)].sort(order),
      }));
    });
    return () => source.close();
  }, []);

  const unread = list.conversations.reduce((n, c) => n + (c.state === "open" ? c.unread : 0), 0);
  useEffect(() => {
    const before = document.title;
    document.title = unread > 0 ? `(${unread}) Chats · Lead desk` : "Chats · Lead desk";
    return () => {
      document.title = before;
    };
  }, [unread]);

  return { list, setList, announcement, unread };
}
