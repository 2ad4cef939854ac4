/// The positions in `values` of one longest strictly increasing subsequence, as a mask.
///
/// The reconciler feeds it the old positions of the surviving children in their new
/// order: the children on the subsequence keep their places and every other one moves,
/// which is the fewest moves that reach the new order. O(n log n).
func longestIncreasingSubsequenceMask(_ values: [Int]) -> [Bool] {
    // tails[k]: position in `values` of the smallest tail of an increasing run of length k + 1.
    var tails: [Int] = []
    var predecessor = [Int](repeating: -1, count: values.count)
    for (position, value) in values.enumerated() {
        var low = 0
        var high = tails.count
        while low < high {
            let middle = (low + high) / 2
            if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
        }
        if low > 0 { predecessor[position] = tails[low - 1] }
        if low == tails.count { tails.append(position) } else { tails[low] = position }
    }
    var mask = [Bool](repeating: false, count: values.count)
    var position = tails.last ?? -1
    while position >= 0 {
        mask[position] = true
        position = predecessor[position]
    }
    return mask
}
