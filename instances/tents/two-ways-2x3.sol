1 0 1
. T A 1
A T . 1

1 0 1
A T . 1
. T A 1
