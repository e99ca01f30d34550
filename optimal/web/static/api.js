// The server's JSON API: a 4xx/5xx becomes an Error carrying the server's message and field.

export async function api(path, options) {
  let response;
  try {
    response = await fetch(path, options);
  } catch (e) {
    throw Object.assign(new Error("the server cannot be reached"), { field: null });
  }
  let body = null;
  try { body = await response.json(); } catch (e) { body = null; }
  if (!response.ok) {
    const message = (body && body.error) || `the server answered ${response.status}`;
    throw Object.assign(new Error(message), { field: body && body.field, step: body && body.step,
                                              status: response.status });
  }
  return body;
}
