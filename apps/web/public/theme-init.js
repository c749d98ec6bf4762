/*
 * Members Only: the theme, applied before the first paint (no flash of the wrong colours).
 * A blocking script in <head>, from a file because the CSP allows scripts from 'self' only.
 * The artist's choice (localStorage, set by src/lib/theme.ts) or else the system setting puts
 * .dark or .light on <html>; src/lib/theme.ts takes over once the app loads. Keep in step with it.
 */
(function () {
  var KEY = 'members-only.theme';
  var COLORS = { light: '#fafaf9', dark: '#0c0a09' };
  var choice = null;
  try {
    choice = window.localStorage.getItem(KEY);
  } catch {
    // Storage blocked (privacy settings): follow the system.
  }
  if (choice !== 'light' && choice !== 'dark') choice = null;
  var dark = choice ? choice === 'dark' : window.matchMedia('(prefers-color-scheme: dark)').matches;
  var root = document.documentElement;
  root.classList.add(dark ? 'dark' : 'light');
  root.classList.remove(dark ? 'light' : 'dark');
  if (choice) {
    // The browser's own bar matches the chosen theme, not the system's.
    var metas = document.querySelectorAll('meta[name="theme-color"]');
    for (var i = 0; i < metas.length; i++) metas[i].setAttribute('content', COLORS[choice]);
  }
})();
