# Shared statistics for the reports' awk programs (bench-report.awk,
# hook-cost.awk): load with "awk -f stats.awk -f PROGRAM".
#
# sort_(a, n): sort a[1..n] in place, numerically (insertion sort: the
# sets are small).  median_(a, n): sorts a[1..n], returns its median.
function sort_(a, n,    i, j, x) {
	for (i = 2; i <= n; i++) {
		x = a[i]
		for (j = i - 1; j >= 1 && a[j] > x; j--)
			a[j + 1] = a[j]
		a[j + 1] = x
	}
}
function median_(a, n) {
	sort_(a, n)
	return (n % 2) ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
