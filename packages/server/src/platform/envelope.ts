export function ok<T>(data: T): { code: 1; data: T; errorMsg: null } {
  return { code: 1, data, errorMsg: null };
}

export function failure(errorMsg: string): { code: 0; data: null; errorMsg: string } {
  return { code: 0, data: null, errorMsg };
}
