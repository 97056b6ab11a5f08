/*
 * A page the server sent with its first view drawn (server/portal/portal.plugin.ts) keeps the
 * portal's scripts, and the data they start with, in a template until that view has painted: the
 * HTML, the stylesheets and the picture the view paints with then have the connection to themselves.
 * The tags are then written into the head, where they load as they would have from the page.
 */
(function () {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var template = document.getElementById('after-first-view');
    if (!template) return;
    var tags = template.content.children;
    for (var i = 0; i < tags.length; i++) {
      // A copy made here, not the template's element: a script the parser made inside a template never runs.
      var tag = document.createElement(tags[i].tagName);
      for (var j = 0; j < tags[i].attributes.length; j++) tag.setAttribute(tags[i].attributes[j].name, tags[i].attributes[j].value);
      document.head.appendChild(tag);
    }
    template.remove();
  }
  // A hidden tab paints nothing: it starts at once.
  if (document.visibilityState === 'hidden') return start();
  var paints = typeof PerformanceObserver === 'function' ? PerformanceObserver.supportedEntryTypes || [] : [];
  if (paints.indexOf('paint') < 0) {
    // Without paint timing: the frame after requestAnimationFrame's callbacks is drawn before the next task.
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
    return;
  }
  // The view is on screen when the browser says it presented its first contentful paint (a frame
  // drawn on the processor reaches the screen well after requestAnimationFrame).
  var observer = new PerformanceObserver(function (list) {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    setTimeout(start, 0);
  });
  observer.observe({ type: 'paint', buffered: true });
  // A view that never paints (its stylesheet failed, say) still gets its scripts.
  setTimeout(start, 3000);
})();
