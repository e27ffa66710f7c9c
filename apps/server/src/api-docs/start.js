// Starts Swagger UI on /api/docs (a file, not an inline script: the page runs under the site's CSP).
// validatorUrl null: the default validator is a badge loaded from another site.
window.ui = window.SwaggerUIBundle({
  url: "/api/openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  validatorUrl: null,
});
