// Types of the virtual module vite-plugin-pwa provides (the app's own registration, src/client/pwa/register.ts).
/// <reference types="vite-plugin-pwa/vanillajs" />
