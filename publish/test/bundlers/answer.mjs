// A node that answers every call with a height that is not one: a result the validators refuse.
export const fetch = async (_url, init) => {
  const { id, method } = JSON.parse(init.body);
  return new Response(JSON.stringify({ jsonrpc: '2.0', id, result: method === 'platform.getHeight' ? { height: 'not a height' } : null }), { headers: { 'content-type': 'application/json' } });
};

/** What a call gave: its result, or its error's name. */
export const outcome = (promise) => promise.then((result) => ({ result }), (error) => ({ error: error.name }));
