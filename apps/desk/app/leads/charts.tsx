import { type DashboardAnswer, LEAD_STATUS_LABELS } from "@site/contracts/desk";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { countOf, formatDay } from "~/lib/format";
import { axis, ChartCard } from "~/components/chart-card";

// Tokens of packages/theme (brand-500, brand-800) and the status colours; each ≥ 3:1 on white.
const CONTACT = "#3b82f6";
const QUOTE = "#1e3a8a";
const CONSULTATION = "#0f766e";
const CHAT = "#7c3aed";
const STATUS_FILL = {
  new: "#1d4ed8",
  contacted: "#b45309",
  qualified: "#6d28d9",
  won: "#047857",
  lost: "#475569",
};

export function LeadsPerWeek({ weeks }: { weeks: DashboardAnswer["weeks"] }) {
  const total = weeks.reduce((n, w) => n + w.contact + w.quotation + w.consultation + w.chat, 0);
  const rows = weeks.map((w) => ({ ...w, label: formatDay(w.weekStart) }));
  return (
    <ChartCard
      wide
      title="Leads per week"
      summary={`${countOf(total, "lead")} in the last ${weeks.length} weeks, by kind (weeks start on Monday).`}
      table={
        <tbody>
          <tr>
            <th scope="col">Week of</th>
            <th scope="col">Contact</th>
            <th scope="col">Quote requests</th>
            <th scope="col">Consultations</th>
            <th scope="col">Chats</th>
          </tr>
          {rows.map((w) => (
            <tr key={w.weekStart}>
              <th scope="row">{w.label}</th>
              <td>{w.contact}</td>
              <td>{w.quotation}</td>
              <td>{w.consultation}</td>
              <td>{w.chat}</td>
            </tr>
          ))}
        </tbody>
      }
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} margin={{ top: 4, right: 8, left: -16, bottom: 0 }} accessibilityLayer={false}>
          <CartesianGrid vertical={false} stroke="#e2e8f0" />
          <XAxis dataKey="label" tick={axis} tickLine={false} axisLine={false} interval="preserveStartEnd" />
          <YAxis allowDecimals={false} tick={axis} tickLine={false} axisLine={false} />
          <Tooltip cursor={{ fill: "#f1f5f9" }} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar isAnimationActive={false} dataKey="contact" name="Contact" stackId="kind" fill={CONTACT} />
          <Bar
            isAnimationActive={false}
            dataKey="quotation"
            name="Quote requests"
            stackId="kind"
            fill={QUOTE}
          />
          <Bar
            isAnimationActive={false}
            dataKey="consultation"
            name="Consultations"
            stackId="kind"
            fill={CONSULTATION}
          />
          <Bar
            isAnimationActive={false}
            dataKey="chat"
            name="Chats"
            stackId="kind"
            fill={CHAT}
            radius={[4, 4, 0, 0]}
          />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

export function QuotesByService({ services }: { services: DashboardAnswer["services"] }) {
  const total = services.reduce((n, s) => n + s.count, 0);
  return (
    <ChartCard
      title="Quote requests by service"
      summary={`${countOf(total, "quote request")} over the same weeks.`}
      table={
        <tbody>
          {services.map((s) => (
            <tr key={s.service}>
              <th scope="row">{s.label}</th>
              <td>{s.count}</td>
            </tr>
          ))}
        </tbody>
      }
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={services}
          layout="vertical"
          margin={{ top: 0, right: 16, left: 8, bottom: 0 }}
          accessibilityLayer={false}
        >
          <CartesianGrid horizontal={false} stroke="#e2e8f0" />
          <XAxis type="number" allowDecimals={false} tick={axis} tickLine={false} axisLine={false} />
          <YAxis type="category" dataKey="label" width={150} tick={axis} tickLine={false} axisLine={false} />
          <Tooltip cursor={{ fill: "#f1f5f9" }} />
          <Bar isAnimationActive={false} dataKey="count" name="Requests" fill={QUOTE} radius={[0, 4, 4, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

export function OpenByStatus({ open }: { open: DashboardAnswer["open"] }) {
  const rows = open.map((o) => ({ ...o, label: LEAD_STATUS_LABELS[o.status], fill: STATUS_FILL[o.status] }));
  const total = open.reduce((n, o) => n + o.count, 0);
  return (
    <ChartCard
      title="Open leads by status"
      summary={`${countOf(total, "lead")} not yet won or lost.`}
      table={
        <tbody>
          {rows.map((o) => (
            <tr key={o.status}>
              <th scope="row">{o.label}</th>
              <td>{o.count}</td>
            </tr>
          ))}
        </tbody>
      }
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} margin={{ top: 4, right: 8, left: -16, bottom: 0 }} accessibilityLayer={false}>
          <CartesianGrid vertical={false} stroke="#e2e8f0" />
          <XAxis dataKey="label" tick={axis} tickLine={false} axisLine={false} />
          <YAxis allowDecimals={false} tick={axis} tickLine={false} axisLine={false} />
          <Tooltip cursor={{ fill: "#f1f5f9" }} />
          <Bar isAnimationActive={false} dataKey="count" name="Leads" radius={[4, 4, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
