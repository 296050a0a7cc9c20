// Vitest 5's reporters call Map.groupBy / Object.groupBy (Node ≥ 21) when printing failures;
// on this machine's Node 20 they would crash and hide the failure. Loaded with `node --import`.
if (!Map.groupBy) {
  Map.groupBy = (items, key) => {
    const map = new Map()
    let i = 0
    for (const item of items) {
      const k = key(item, i++)
      if (!map.has(k)) map.set(k, [])
      map.get(k).push(item)
    }
    return map
  }
}
if (!Object.groupBy) {
  Object.groupBy = (items, key) => Object.fromEntries(Map.groupBy(items, key))
}
