/** One request that broke a rule, with what is needed to replay it. */
export interface Failure {
  /** `GET /api/task/getTaskDetail` */
  route: string;
  caller: string;
  /** which field or part was malformed: `query.id`, `body`, `multipart` */
  where: string;
  /** how: `id past 2^31`, `invalid JSON` */
  what: string;
  status: number;
  /** the answer (errorMsg, a body excerpt) or the rows it changed */
  detail: string;
}

/** An answer's body cut to one short line (a file answer by its type and size only). */
export function excerpt(body: string, max = 120, contentType = 'application/json'): string {
  if (!contentType.includes('json') && !contentType.startsWith('text/') && contentType !== '') return `${contentType}, ${body.length} bytes`;
  const line = body.replace(/\s+/g, ' ').trim();
  try {
    const parsed = JSON.parse(line) as { errorMsg?: unknown };
    if (parsed && typeof parsed === 'object' && 'errorMsg' in parsed) return `errorMsg ${JSON.stringify(parsed.errorMsg)}`;
  } catch {
    // not JSON: the text itself
  }
  return line.length > max ? `${line.slice(0, max)}…` : line || '(empty body)';
}

/**
 * All failures of one rule as a compact list, grouped by cause (what was sent,
 * the status and the answer), each group naming every route and field it hit:
 *
 *   id past 2^31 → 500 errorMsg "服务器异常，请稍后重试" (3 requests, 3 routes)
 *     GET /api/task/getTaskDetail query.id · GET /api/board/schedule query.taskId · …
 */
export function formatFailures(title: string, failures: readonly Failure[]): string {
  if (failures.length === 0) return `${title}: none`;
  const groups = new Map<string, Failure[]>();
  for (const failure of failures) {
    const key = `${failure.what} → ${failure.status} ${failure.detail}`;
    groups.set(key, [...(groups.get(key) ?? []), failure]);
  }
  const lines = [`${title}: ${failures.length} requests`];
  const sorted = [...groups.entries()].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]));
  for (const [key, members] of sorted) {
    const routes = new Set(members.map((member) => member.route));
    lines.push(`  ${key} (${members.length} requests, ${routes.size} routes)`);
    const hits = [...new Set(members.map((member) => `${member.route} ${member.where}${member.caller === 'admin' ? '' : ` [${member.caller}]`}`))];
    for (let index = 0; index < hits.length; index += 4) lines.push(`    ${hits.slice(index, index + 4).join(' · ')}`);
  }
  return lines.join('\n');
}
