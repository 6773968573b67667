// The "Reconnecting…" page (served by sw.js when a page load cannot reach the server): checks every 2 s, and when
// the phone comes back online, whether the server answers; then reloads the page the player was on.
(function () {
  var checking = false;
  function check() {
    if (checking) return;
    checking = true;
    fetch('/api/health', { cache: 'no-store' })
      .then(function (response) {
        if (response.ok) location.reload();
      })
      .catch(function () {})
      .then(function () {
        checking = false;
      });
  }
  setInterval(check, 2000);
  window.addEventListener('online', check);
  document.getElementById('retry').addEventListener('click', check);
})();
