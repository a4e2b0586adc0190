import type { DataColumn } from './data-table';
import styles from './data-table.module.css';

/** The "Sr No" column: the row's number across pages, from 1. */
export function serialColumn<Row>(firstRowNumber: number, header = 'Sr No'): DataColumn<Row> {
  return { key: 'srNo', header, render: (_row, index) => firstRowNumber + index, className: styles.narrow };
}
