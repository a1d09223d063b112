import { useState, type ReactNode } from 'react';
import {
  columnFilteringFeature,
  createFilteredRowModel,
  createPaginatedRowModel,
  createSortedRowModel,
  flexRender,
  globalFilteringFeature,
  rowPaginationFeature,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  sortFn_text,
  tableFeatures,
  useTable,
  type ColumnDef,
  type RowData,
  type SortingState,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@web/components/button';
import { EmptyState } from '@web/components/empty-state';
import { SearchField } from '@web/components/search-field';
import { TableScroll } from '@web/components/table-scroll';

/** The table features the catalogue tables use: global search, sorting, paging. */
const features = tableFeatures({
  columnFilteringFeature,
  globalFilteringFeature,
  filteredRowModel: createFilteredRowModel(),
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, basic: sortFn_basic, text: sortFn_text },
  rowPaginationFeature,
  paginatedRowModel: createPaginatedRowModel(),
});

export type DataColumn<T extends RowData> = ColumnDef<typeof features, T>;

export interface DataTableProps<T extends RowData> {
  data: T[];
  columns: DataColumn<T>[];
  /** What the search box says it searches. */
  searchLabel: string;
  /** The text each row is searched in. */
  searchText: (row: T) => string;
  /** A row as a card on phones (the table is shown from 768 px). */
  card: (row: T) => ReactNode;
  onOpen: (row: T) => void;
  rowLabel: (row: T) => string;
  emptyTitle: string;
  pageSize?: number;
}

/** A searchable, sortable, paged table (@tanstack/react-table); rows become cards under 768 px. */
export function DataTable<T extends RowData>({ data, columns, searchLabel, searchText, card, onOpen, rowLabel, emptyTitle, pageSize = 10 }: DataTableProps<T>) {
  const { t } = useLingui();
  const [sorting, setSorting] = useState<SortingState>([]);
  const [globalFilter, setGlobalFilter] = useState('');
  const table = useTable({
    features,
    data,
    columns,
    state: { sorting, globalFilter },
    onSortingChange: setSorting,
    onGlobalFilterChange: setGlobalFilter,
    getColumnCanGlobalFilter: () => true,
    globalFilterFn: (row, _columnId, value: string) => searchText(row.original).toLowerCase().includes(value.trim().toLowerCase()),
    initialState: { pagination: { pageIndex: 0, pageSize } },
    autoResetPageIndex: true,
  });
  const rows = table.getRowModel().rows;
  const filteredCount = table.getFilteredRowModel().rows.length;
  const { pageIndex } = table.state.pagination;

  const firstShown = pageIndex * table.state.pagination.pageSize + 1;
  const lastShown = Math.min((pageIndex + 1) * table.state.pagination.pageSize, filteredCount);
  const currentPage = pageIndex + 1;
  const pageCount = table.getPageCount();
  return (
    <div className="space-y-3">
      <SearchField label={searchLabel} value={globalFilter} onChange={setGlobalFilter} className="max-w-md" />

      {filteredCount === 0 ? (
        <EmptyState title={emptyTitle}>{globalFilter ? t`Nothing matches “${globalFilter}”.` : null}</EmptyState>
      ) : (
        <>
          <ul className="space-y-2 md:hidden" aria-label={searchLabel.replace(/^Search /, '')}>
            {rows.map((row) => (
              <li key={row.id}>
                <button
                  type="button"
                  onClick={() => onOpen(row.original)}
                  aria-label={rowLabel(row.original)}
                  className="w-full rounded-lg border border-slate-200 bg-white p-3 text-left hover:border-brand-300 focus-visible:outline-2 focus-visible:outline-brand-500"
                >
                  {card(row.original)}
                </button>
              </li>
            ))}
          </ul>
          <TableScroll className="hidden md:block" label={searchLabel.replace(/^Search /, '')}>
            <table className="w-full min-w-[720px] text-start text-sm">
              <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
                {table.getHeaderGroups().map((group) => (
                  <tr key={group.id}>
                    {group.headers.map((header) => {
                      const sorted = header.column.getIsSorted();
                      const canSort = header.column.getCanSort();
                      return (
                        <th key={header.id} scope="col" className="px-3 py-2 font-semibold" aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}>
                          {canSort ? (
                            <button type="button" onClick={header.column.getToggleSortingHandler()} className="inline-flex items-center gap-1 uppercase hover:text-slate-900">
                              {flexRender(header.column.columnDef.header, header.getContext())}
                              {sorted === 'asc' ? <ArrowUp className="size-3" aria-hidden /> : sorted === 'desc' ? <ArrowDown className="size-3" aria-hidden /> : <ArrowUpDown className="size-3 opacity-40" aria-hidden />}
                            </button>
                          ) : (
                            flexRender(header.column.columnDef.header, header.getContext())
                          )}
                        </th>
                      );
                    })}
                  </tr>
                ))}
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rows.map((row) => (
                  <tr
                    key={row.id}
                    tabIndex={0}
                    onClick={() => onOpen(row.original)}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter') onOpen(row.original);
                    }}
                    aria-label={rowLabel(row.original)}
                    className="cursor-pointer hover:bg-brand-50/50 focus-visible:bg-brand-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
                  >
                    {row.getAllCells().map((cell) => (
                      <td key={cell.id} className="px-3 py-2 align-middle">
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <nav className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600" aria-label={t`Pages`}>
            <span>
              <Trans>
                {firstShown}–{lastShown} of {filteredCount}
              </Trans>
            </span>
            <span className="flex items-center gap-2">
              <Button variant="secondary" size="sm" onClick={() => table.previousPage()} disabled={!table.getCanPreviousPage()} aria-label={t`Previous page`}>
                <ChevronLeft className="size-4 rtl:-scale-x-100" aria-hidden />
              </Button>
              <span>
                <Trans>
                  Page {currentPage} of {pageCount}
                </Trans>
              </span>
              <Button variant="secondary" size="sm" onClick={() => table.nextPage()} disabled={!table.getCanNextPage()} aria-label={t`Next page`}>
                <ChevronRight className="size-4 rtl:-scale-x-100" aria-hidden />
              </Button>
            </span>
          </nav>
        </>
      )}
    </div>
  );
}
