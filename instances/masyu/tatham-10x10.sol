o-o o-o o-W-W-o o-o
| | | | |     | | |
W W W o o-o-B o-o o
| | | |     |     |
o o o o o-o o o-o-B
| | | | | | | |
o o o o W o-o o-o-B
| | | | |         |
o W W W o o-o o-o o
| | | | | | | | | |
o o-o o-o o o o o-o
|         | | |
B-o-o B-o-B o B-o-B
    | |     |     |
B-o-o o . . B-o-o o
|     |         | |
o . . o . o-o-W-o o
|     |   |       |
B-o-o-B . o-W-o-o-B
