// CloudFront Function (cloudfront-js-2.0), viewer request on the site's default behaviour.
// App routes (/, /admin/dashboard, any unknown path) get the SPA shell; files keep their path.
// The local server runs this same file, so local and CloudFront route identically.
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var lastSegment = uri.substring(uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}
