o-o o-W-o-o
| | |     |
W o-o o-W-o
|     |
W o-o o-o-B
| | |     |
o-o o . . o
    |     |
o-o-B o-o-B
|     |
o-W-o-o . .
