// Browser-journey data made through the real API as the signed-in user (the page's own request context).
import type { APIRequestContext } from 'playwright-core';

export const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** POSTs as the page's user; a refusal fails the journey with the server's answer. */
export async function post<T>(request: APIRequestContext, url: string, data: unknown): Promise<T> {
  const response = await request.post(url, { headers: XHR, data });
  const body = await response.json();
  if (!response.ok()) throw new Error(`${url}: ${response.status()} ${JSON.stringify(body)}`);
  return body as T;
}

export type Ids = { caseId: number; taskId: number };

/** An active client with one open case and these open tasks, in order. */
export async function clientWithTasks(
  request: APIRequestContext,
  name: string,
  tasks: { title: string; isProject: boolean }[],
): Promise<Ids[]> {
  const org = await post<{ organization: { id: number } }>(request, '/api/manage/organization/create', {
    version: 0,
    name,
    active: true,
    salesStatus: 'CLIENT',
  });
  const kase = await post<{ case: { id: number } }>(request, '/api/manage/case/create', {
    version: 0,
    title: `${name} support`,
    organization: org.organization.id,
    status: 'OPEN',
  });
  const ids: Ids[] = [];
  for (const task of tasks) {
    const created = await post<{ task: { id: number } }>(request, '/api/manage/task/create', {
      version: 0,
      case: kase.case.id,
      title: task.title,
      status: 'OPEN',
      isProject: task.isProject,
    });
    ids.push({ caseId: kase.case.id, taskId: created.task.id });
  }
  return ids;
}

/** An active client with one open case and one open support task. */
export async function clientWithTask(request: APIRequestContext, name: string, task: string): Promise<Ids> {
  const [ids] = await clientWithTasks(request, name, [{ title: task, isProject: false }]);
  return ids!;
}
