// The DDEX section's script (progressive enhancement over server-made pages): a test started by
// dropping or choosing a batch, uploaded with its progress shown, through the same dry run as
// POST /ddex/validate; and the deliveries' statuses kept live from the server-sent events stream.
(function () {
  'use strict';
  var STATUS_WORDS = { queued: 'Queued', parsing: 'Reading', validating: 'Checking', importing: 'Importing', done: 'Done', partial: 'Partial', failed: 'Failed' };
  var FINAL = { done: true, partial: true, failed: true };

  function csrf() {
    return (window.ddex && window.ddex.csrf) || (document.querySelector('meta[name="csrf-token"]') || { getAttribute: function () { return ''; } }).getAttribute('content');
  }

  function setUpUpload(zone) {
    var input = zone.querySelector('input[type="file"]');
    var start = zone.querySelector('[data-upload-start]');
    var progressRow = zone.querySelector('.upload-progress');
    var progress = zone.querySelector('progress');
    var status = zone.querySelector('.upload-status');
    var error = zone.querySelector('.upload-error');
    var busy = false;

    function fail(text) {
      busy = false;
      start.disabled = false;
      progressRow.hidden = true;
      error.textContent = text;
      error.hidden = false;
    }

    function send(file) {
      if (busy) return;
      if (!file) return fail('Choose a batch (.zip) or a message (.xml) first.');
      if (!/\.(zip|xml)$/i.test(file.name)) return fail(file.name + ' is neither a .zip batch nor an .xml message.');
      busy = true;
      start.disabled = true;
      error.hidden = true;
      progressRow.hidden = false;
      progress.value = 0;
      status.textContent = 'Uploading ' + file.name + '…';
      var xhr = new XMLHttpRequest();
      xhr.open('POST', zone.getAttribute('data-upload') + '?name=' + encodeURIComponent(file.name));
      xhr.setRequestHeader('content-type', /\.zip$/i.test(file.name) ? 'application/zip' : 'application/xml');
      xhr.setRequestHeader('x-csrf-token', csrf());
      xhr.setRequestHeader('accept', 'application/json');
      xhr.upload.onprogress = function (e) {
        if (!e.lengthComputable) return;
        var pct = Math.round((e.loaded / e.total) * 100);
        progress.value = pct;
        status.textContent = 'Uploading ' + file.name + ': ' + pct + '%';
      };
      xhr.upload.onload = function () {
        progress.value = 100;
        status.textContent = 'Uploaded; checking ' + file.name + '…';
      };
      xhr.onerror = function () { fail('The upload did not reach the server; check the connection and try again.'); };
      xhr.onload = function () {
        var body = null;
        try { body = JSON.parse(xhr.responseText); } catch (e) { body = null; }
        if (xhr.status === 201 && body && body.url) {
          status.textContent = 'Done; opening the report…';
          window.location.assign(body.url);
          return;
        }
        fail((body && body.error) || ('The test failed (HTTP ' + xhr.status + ').'));
      };
      xhr.send(file);
    }

    start.addEventListener('click', function () { send(input.files && input.files[0]); });
    input.addEventListener('change', function () { error.hidden = true; });
    ['dragenter', 'dragover'].forEach(function (type) {
      zone.addEventListener(type, function (e) {
        e.preventDefault();
        zone.classList.add('dragging');
      });
    });
    ['dragleave', 'drop'].forEach(function (type) {
      zone.addEventListener(type, function () { zone.classList.remove('dragging'); });
    });
    zone.addEventListener('drop', function (e) {
      e.preventDefault();
      var file = e.dataTransfer && e.dataTransfer.files && e.dataTransfer.files[0];
      send(file);
    });
  }

  function badge(el, status) {
    el.textContent = STATUS_WORDS[status] || status;
    el.className = 'status-badge status-' + status;
  }

  function newRow(tbody, d) {
    var tr = document.createElement('tr');
    tr.id = 'delivery-' + d.id;
    tr.setAttribute('data-delivery', String(d.id));
    function cell(child) {
      var td = document.createElement('td');
      if (typeof child === 'string') td.textContent = child;
      else td.appendChild(child);
      tr.appendChild(td);
      return td;
    }
    var link = document.createElement('a');
    link.href = '/dashboard/ddex/deliveries/' + d.id;
    link.textContent = '#' + d.id;
    cell(link);
    cell(d.batch_name || '');
    var span = document.createElement('span');
    span.setAttribute('data-status', '');
    badge(span, d.status);
    cell(span);
    ['release_count', 'created_count', 'updated_count', 'flagged_count', 'left_out_count'].forEach(function (f) {
      cell(String(d[f] == null ? 0 : d[f])).setAttribute('data-field', f);
    });
    cell('just now');
    tbody.insertBefore(tr, tbody.firstChild);
    var empty = document.querySelector('[data-empty]');
    if (empty) empty.hidden = true;
    return tr;
  }

  function setUpLive(state) {
    if (!window.EventSource) return;
    var reloadOn = state.getAttribute('data-reload-on');
    var source = new EventSource(state.getAttribute('data-live'));
    source.onopen = function () { if (!reloadOn) state.textContent = 'Live updates: on.'; };
    source.onerror = function () { state.textContent = 'Live updates: reconnecting…'; };
    source.addEventListener('delivery', function (e) {
      var event = JSON.parse(e.data);
      var d = event.delivery;
      if (!d) return;
      var row = document.getElementById('delivery-' + d.id);
      var tbody = document.querySelector('table.deliveries tbody');
      if (!row && tbody) row = newRow(tbody, d);
      if (!row) return;
      var el = row.querySelector('[data-status]');
      if (el) badge(el, d.status);
      row.querySelectorAll('[data-field]').forEach(function (cell) {
        var f = cell.getAttribute('data-field');
        if (d[f] != null) cell.textContent = String(d[f]);
      });
      state.textContent = 'Delivery #' + d.id + ': ' + (STATUS_WORDS[d.status] || d.status) + '.';
      // The detail page shows the items once there are: it is made again when its delivery finishes.
      if (reloadOn && String(d.id) === reloadOn && FINAL[d.status]) {
        source.close();
        window.location.reload();
      }
    });
    window.addEventListener('pagehide', function () { source.close(); });
  }

  document.addEventListener('DOMContentLoaded', function () {
    document.querySelectorAll('[data-upload]').forEach(setUpUpload);
    document.querySelectorAll('[data-live]').forEach(setUpLive);
  });
})();
