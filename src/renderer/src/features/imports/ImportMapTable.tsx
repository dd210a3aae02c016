import type { ReactNode } from 'react'
import type { ImportSource } from '../../../../shared/contract'
import { IMPORT_MAPS } from './importMaps'

/** "What maps where" for the chosen source, and what is left out and why, before anything is read. */
export function ImportMapTable({
  source,
  label
}: Readonly<{ source: ImportSource; label: string }>): ReactNode {
  const map = IMPORT_MAPS[source]
  return (
    <details className="import-map" data-testid="import-map">
      <summary>What maps where from {label}</summary>
      <table aria-label={`What maps where from ${label}`}>
        <thead>
          <tr>
            <th scope="col">In {label}</th>
            <th scope="col">In Hearth</th>
          </tr>
        </thead>
        <tbody>
          {map.rows.map(([from, to]) => (
            <tr key={from}>
              <th scope="row">{from}</th>
              <td>{to}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table aria-label={`Left out from ${label}, and why`}>
        <thead>
          <tr>
            <th scope="col">Left out</th>
            <th scope="col">Why</th>
          </tr>
        </thead>
        <tbody>
          {map.leftOut.map(([what, why]) => (
            <tr key={what}>
              <th scope="row">{what}</th>
              <td>{why}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">Nothing imported becomes memory until you approve it in Review.</p>
    </details>
  )
}
