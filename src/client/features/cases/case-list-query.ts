// The case list's call and its filters' defaults: shared by its screen and by the route that starts its first page
// while the screen's chunk loads (the home screen of most staff).
export const CASE_LIST = { url: '/api/manage/case', queryKey: 'case', defaults: { status: 'OPEN' } } as const;
