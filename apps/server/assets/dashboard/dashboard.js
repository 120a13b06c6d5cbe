// The dashboard's only script, progressive enhancement: every page works without it. It gives
// fetch calls their CSRF header (window.ddex.fetch), copy buttons, confirmations before
// destructive forms, and dates in the reader's own time zone.
(function () {
  'use strict';
  var meta = document.querySelector('meta[name="csrf-token"]');
  var csrf = meta ? meta.getAttribute('content') : '';

  /** fetch with the session's CSRF token; answers JSON errors as the API does. */
  function ddexFetch(url, init) {
    init = init || {};
    var headers = new Headers(init.headers || {});
    headers.set('x-csrf-token', csrf);
    if (!headers.has('accept')) headers.set('accept', 'application/json');
    return fetch(url, Object.assign({}, init, { headers: headers, credentials: 'same-origin' }));
  }
  window.ddex = { csrf: csrf, fetch: ddexFetch };

  document.addEventListener('click', function (event) {
    var button = event.target.closest('[data-copy]');
    if (!button) return;
    var source = document.getElementById(button.getAttribute('data-copy'));
    if (!source || !navigator.clipboard) return;
    navigator.clipboard.writeText(source.textContent.trim()).then(function () {
      var label = button.textContent;
      button.textContent = 'Copied';
      setTimeout(function () { button.textContent = label; }, 2000);
    });
  });

  document.addEventListener('submit', function (event) {
    var form = event.target;
    var question = form.getAttribute && form.getAttribute('data-confirm');
    if (question && !window.confirm(question)) event.preventDefault();
  });

  function localTimes(root) {
    var format = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
    root.querySelectorAll('time[datetime]').forEach(function (el) {
      var at = new Date(el.getAttribute('datetime'));
      if (isNaN(at.getTime())) return;
      el.title = el.getAttribute('datetime');
      el.textContent = format.format(at);
    });
  }
  window.ddex.localTimes = localTimes;
  document.addEventListener('DOMContentLoaded', function () { localTimes(document); });
})();
