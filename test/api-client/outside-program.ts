// A program outside SD6 built on its API the way anyone would: types generated from /api/openapi.json by
// openapi-typescript (the test generates them as the module 'sd6-openapi'), calls made with openapi-fetch and a
// personal API token. It logs time on a task, reads the day back, finds the case, and shows what a bad request says.
import createClient from 'openapi-fetch';
import type { paths } from 'sd6-openapi';

export async function logTimeAndReadBack(
  baseUrl: string,
  token: string,
  taskId: number,
  day: Date,
  comment: string,
) {
  const client = createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${token}` } });
  const mm = String(day.getMonth() + 1).padStart(2, '0');
  const dd = String(day.getDate()).padStart(2, '0');
  const yyyy = String(day.getFullYear());

  const saved = await client.POST('/api/manage/slip/{id}', {
    params: { path: { id: 'create' } },
    body: {
      task: taskId,
      date: `${mm}/${dd}/${yyyy}`,
      startTime: '9:00 AM',
      stopTime: '10:30 AM',
      where: 'REMOTE',
      how: 'REMOTE_SESSION',
      rateMultiplier: '1',
      comment,
    },
  });
  if (!saved.data) throw new Error(`the slip was not saved: ${JSON.stringify(saved.error)}`);
  const slip = saved.data.slip;

  const summary = await client.GET('/api/manage/slip/summary/{date}', {
    params: { path: { date: `${mm}${dd}${yyyy}` } },
  });
  if (!summary.data) throw new Error(`no summary: ${JSON.stringify(summary.error)}`);
  const logged = summary.data.slips.find((s) => s.id === slip.id);

  const wrongDay = await client.GET('/api/manage/slip/summary/{date}', {
    params: { path: { date: `${yyyy}-${mm}-${dd}` } },
  });

  const bad = await client.POST('/api/manage/slip/{id}', {
    params: { path: { id: 'create' } },
    body: {
      task: taskId,
      date: `${mm}/${dd}/${yyyy}`,
      startTime: '25:00',
      stopTime: null,
      where: 'REMOTE',
      how: 'REMOTE_SESSION',
      rateMultiplier: '1',
      comment: null,
    },
  });
  return {
    // Where the token stands (IETF RateLimit header fields), as a program would pace itself by it.
    rateLimit: summary.response.headers.get('RateLimit'),
    slip: { id: slip.id, startTime: slip.startTime, stopTime: slip.stopTime, comment: slip.comment },
    logged: logged ? { id: logged.id, comment: logged.comment } : null,
    wrongDay: { status: wrongDay.response.status, message: wrongDay.error?.message },
    bad: { status: bad.response.status, message: bad.error?.message, fields: bad.error?.form.fields },
  };
}
