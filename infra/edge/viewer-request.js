// CloudFront Function (cloudfront-js-2.0), viewer request on the site's default behaviour.
// `/` gets index.html, which carries the booking wizard's first screen pre-rendered at build time;
// every other app route (/admin/dashboard, /booking/..., any unknown path) gets app.html, the same
// page without it, so it never flashes the wizard. Files keep their path.
// The local server runs this same file, so local and CloudFront route identically.
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var lastSegment = uri.substring(uri.lastIndexOf('/') + 1);
  if (uri === '/') {
    request.uri = '/index.html';
  } else if (lastSegment.indexOf('.') === -1) {
    request.uri = '/app.html';
  }
  return request;
}
