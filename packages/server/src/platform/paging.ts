/** A page of a list as the console asks for it (shared by every paged list). */
export interface PageRequest {
  page: number;
  /** 0 means every row */
  pageSize: number;
}
