. . .
 
o-W-o
|   |
o-o-o

. o-o
  | |
. W o
  | |
. o-o

o-o .
| |
o W .
| |
o-o .

o-o-o
|   |
o-W-o
 
. . .
