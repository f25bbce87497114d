/** Query keys of the device trace. */
export const traceKeys = {
  all: ['trace'] as const,
  search: (text: string) => [...traceKeys.all, 'search', text] as const,
};
