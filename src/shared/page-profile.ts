// A page load of a signed-in session carries the profile POST /api/user/profile would answer ({ user }), in a
// <script type="application/json"> element of this id (platform/static.ts writes it, client/api/page-profile.ts takes
// it), so the first screen starts without a round trip for it.
export const PAGE_PROFILE_ID = 'sd6-profile';
