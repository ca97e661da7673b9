A B -
A B -
A A A

A B B
A B B
A A A
