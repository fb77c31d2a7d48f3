/**
 * The most common passwords that the password rule would otherwise accept, lowercased, in the order of the source.
 *
 * Source: SecLists, Passwords/Common-Credentials/10k-most-common.txt
 * (https://github.com/danielmiessler/SecLists, commit 4f84b3c29b5f2192cc82ccdeaf655f0c5f0ab547).
 * Of its 10,000 entries, 8,916 already fail the password rule of spec 1 §5 (6-20 characters with a letter and a
 * digit, no spaces), so only the other 1,084 are listed, derived with
 *   lines.filter((p) => PASSWORD_PATTERN.test(p)).map((p) => p.toLowerCase())
 * One space-separated string: 8,540 characters, about 4.6 KB gzipped. Imported only by the new-password schema,
 * so only the pages that set a password (and the server) load it.
 *
 * SecLists licence:
 *   MIT License
 *
 *   Copyright (c) 2025 Daniel Miessler
 *
 *   Permission is hereby granted, free of charge, to any person obtaining a copy of this software and associated
 *   documentation files (the "Software"), to deal in the Software without restriction, including without limitation
 *   the rights to use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies of the Software, and
 *   to permit persons to whom the Software is furnished to do so, subject to the following conditions:
 *
 *   The above copyright notice and this permission notice shall be included in all copies or substantial portions
 *   of the Software.
 *
 *   THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO
 *   THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
 *   AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF
 *   CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER
 *   DEALINGS IN THE SOFTWARE.
 */
export const COMMON_PASSWORDS_TEXT = `
abc123 trustno1 ncc1701 thx1138 bond007 rush2112 red123 heka6w2 jordan23 eagle1 123abc test123 passw0rd 1q2w3e
1q2w3e4r hello1 money1 123qwe password1 pussy1 1qaz2wsx lucky1 abcd1234 qwerty1 blink182 bubba1 happy1 ncc1701d
tiger1 chris1 catch22 michael1 alpha1 letmein1 james1 qwe123 charlie1 qwerty12 mustang1 q1w2e3r4 dragon1 angel1
access14 asdf1234 buddy1 rocky1 q1w2e3 wrinkle1 monkey1 master1 1234qwer david1 ncc1701e oicu812 babylon5
yankees1 sammy1 jessica1 letmein2 shadow1 hello123 viper1 fuckyou2 jesus1 freedom1 sex4me frank1 a1b2c3 magic1
1passwor black1 apple1 welcome1 blue22 green1 seven7 ranger1 molly1 woody1 rusty1 passwor1 william1 matthew1
jason1 8j4ye3uz colt45 asd123 andrew1 pepsi1 horny1 blue123 thomas1 satan666 robert1 sarah1 soccer1 thunder1
heather1 anthony1 delta1 honda1 asshole1 harley1 turkey50 texas1 porsche9 chelsea1 pussy69 power1 fuckyou1
a1b2c3d4 elvis1 snake1 richard1 1234abcd lucky7 summer1 omega1 bitch1 stone55 steve1 a12345 1qazxsw2 1x2zkg8w
usa123 kevin1 buster1 peter1 pass123 ncc1701a hunter1 beast1 formula1 scooter1 oscar1 homer1 amber1 jimmy1
raiders1 front242 qwer1234 cowboys1 crazy1 billy1 chevy1 81fukkc scott1 daniel1 music1 turbo1 gateway1 brian1
jackson1 super1 phoenix1 raven1 kelly1 jenny1 diamond1 vh5150 star69 tommy1 john316 br0d3r patrick1 cobra1
kitty1 mouse1 jordan1 daddy1 newpass6 zaq12wsx emily1 hal9000 gizmo1 melissa1 marcius2 casey1 rangers1 holly1
sex123 sexy69 orange1 ne1469 bubba69 katie1 irish1 ashley1 gandalf1 love69 tyler1 bobby1 wolf359 4runner ou8122
cloud9 nicole1 area51 batman1 moose1 pool6123 gordon24 1pussy pepper1 george1 sasha1 lover1 brandon1 secret1
pa55word daisy1 test1234 amanda1 great1 justin1 dodge1 andyod22 flash1 sandy1 qwert40 ib6ub9 jacob1 testing1
austin1 logan1 fordf150 pa55w0rd sadie1 dallas1 enter1 taylor1 apollo13 sally1 happy123 route66 nwo4life nasty1
misfit99 50spanks shannon1 cbr600 fucku2 winter1 slave1 misty1 3x7pxr silver1 chicago1 ferrari1 bunny1 hockey1
edward1 joshua1 lucky13 penny1 jones1 a123456 eagles1 arsenal1 carmex2 gator1 ginger1 bulldog1 jamie1 james007
sweet1 tigger1 golfer1 panther1 maggie1 aaron1 house1 killer1 wp2003wp harry1 cafc91 death1 jasmine1 pass1234
yellow1 spike1 qaz123 mikey1 water1 simon1 spider1 teddy1 marino13 maria1 porno1 buffy1 honey1 america1 chicken1
ghost1 r2d2c3po 1a2b3c 1qwerty sparky1 gsxr750 fishing1 missy1 xyz123 426hemi marine1 12345a packers1 danny1
zxc123 martin1 audia4 55bgates came11 tiger2 joker1 chester1 linda1 charles1 asdf123 florida1 adam12 just4fun
rebecca1 dog123 orion1 cookie1 newyork1 steven1 slick1 bailey1 guitar1 fuckme1 digital1 bingo1 storm1 camero1
dolphin1 qwert1 porsche1 eddie1 spurs1 hannah1 scorpio1 rt6ytere madison1 morgan1 bella1 tiffany1 larry1 joseph1
hammer1 cat123 password2 dakota1 vikings1 snoopy1 mickey1 paris1 quant4307s rachel1 tigers1 julie1 jimbo1
michael2 annie1 happy2 falcon1 oliver1 cowboy1 nemrac58 kcj9wx5n iloveyou1 smokey1 just4me rebel1 rusty2 bob123
player1 123456a nikki1 icu812 1master summer99 sugar1 laura1 12qwaszx mandy1 bruce1 dusty1 kathy1 monster1
susan1 playboy1 jerry1 marie1 mason1 merlin1 roger1 andrea1 captain1 cindy1 1a2b3c4d bird33 jeremy1 genesis1
loser1 ninja1 miller1 blue12 please1 maxwell1 care1839 crystal1 broncos1 winston1 warrior1 iloveyou2 redsox1
cbr900rr aaa111 wizard1 sheba1 peace1 tigger2 megan1 football1 myspace1 1dragon bmw325 spencer1 pinky1 matrix1
beach1 7grout 5wr2i7h8 chase1 felix1 sassy1 access1 nathan1 bruno1 mother1 waldo1 3000gt fender1 flower2
drummer1 private1 corvet07 iverson3 stone1 smith1 johnson1 cheese1 fuckoff1 girls1 aaaaa1 henry1 beavis1 xxxxxx1
angus1 doggy1 hotmail1 kordell1 jackson5 xxx123 sunny1 slayer1 little1 rasta69 dirty1 luv2epus rainbow6
qwerty123 boomer1 hotmail0 karen1 johnny1 hawaii50 flower1 frodo1 sam123 ou8123 randy1 travis1 admin1 elway7
kenny1 wayne1 white1 candy1 chloe1 windows1 vincent1 bigdog1 blue42 blue32 biteme1 3ip76k2 123asd asdf12 carlos1
fucmy69 abc1234 brown1 blues1 sf49ers robin1 chaos1 scuba1 boston1 keksa12 monty1 yankees2 stupid1 simple1
champ1 samuel1 scooby1 vader1 23skidoo blue11 smoke1 perfect1 junior1 april1 cezer121 disney1 pantera1 love123
qwert123 nascar24 1michael temp123 lakers1 mazdarx7 barney1 fuck69 gators1 dodgers1 magic32 compaq1 nancy1
heidi1 mustang6 monkey12 wendy1 birthday4 xxxxx1 stephen1 start1 soccer10 soccer12 peanut1 tennis1 angela1
gonzo1 golden1 calvin1 prince1 winner1 voyager1 blake1 blue99 success1 sixty9 shark1 simba1 password9 pizza1
joe123 mike123 romeo1 apple123 green123 cartman1 favorite6 sabrina1 devil666 rainbow1 abc12345 brandy1 holein1
wg8e3wjf johnny5 57chevy fucker1 truck1 cricket1 bosco1 hello2 bigdick1 yahoo1 penguin1 jeter2 anthony7 bbbbbb1
5rxypn cameron1 faith1 fdm7ed rrpass1 quest1 postov1000 qwerty7 adam25 a1234567 buffalo1 hun999 ziggy1 young1
zzzzzz1 surfer1 tasha1 peaches1 jupiter1 austin31 goose1 casper1 f00tball gateway2 rugby1 dixie1 lucas1 trouble1
cygnusx1 natalie1 knight1 murphy1 yamahar1 zorro1 playboy2 max123 met2002 ricky1 all4one gizmodo1 dte4uw w4g8at
birthday1 beatles1 benny1 mercury1 123aaa allen1 alice1 8inches 4wwvte charlie123 fuckme2 london1 qbg26i
pussy123 nt5d27 bryan1 iceman1 willy1 yyyyyy1 zachary1 sexy123 smile1 sophie1 phish1 barry1 diver1 dhip6a
csfbr5yy ncc74656 bp2002 houston1 muffin1 1bitch 151nxjmt zaq123 smart1 speed1 phantom1 terry1 laser1 miami1
ronald1 sanity72 donna1 m5wkqf aaaaaa1 chuck1 bubba123 iawgk2 dylan1 eclipse1 mustang2 video1 weed420 jaguar1
bears1 skipper1 pearl1 test12 therock1 tiger123 mike23 rjw7x4 gwju3g 7bgiqk 4snz9g cccccc1 frankie1 out3xf
puppy1 cn42qj dancer1 death666 nimda2k braves1 wally1 willie1 xytfu7 zaq1xsw2 yy5rbfsc special1 spock1 penis1
patches1 mash4077 baseball1 goofy1 ha8fyp canada1 freddy1 favorite2 gfxqx686 dilbert1 pumpkin1 rambo1 trinity1
trooper1 d9ungl bubbles1 waqw3p 154ugeiu bigred1 becky1 year2005 tammy1 3mpz4r sierra1 spartan1 stanley1 poker1
light1 jjjjj1 mazda626 medic1 rhino1 asdfgh1 7xm5rq love12 primetime21 r29hqq abcdefg1 ndeyl5 buddy123 hr3ytm
k2trix money123 miles1 jackass1 20spanks blue23 085tzzqi zsmj2v t26gn4 383pdjvl shane1 shelby1 photo1 melanie1
b929ezzh 863abgsg 4zqauf ch5nmk giants1 g3ujwg rufus1 rabbit1 ptfe3xxp pwxd5x purple1 tyson1 access99 claudia1
dddddd1 dapzu455 mp8o6d blade1 yqlgr667 zxcvbnm1 zw6syj tango1 380zliki metal1 basebal1 h2slca grace1 6chid8
cbr900 g9zns4 gabriel1 fuck123 destiny1 trumpet1 tracy71 aaaaaaa1 d9ebk7 nirvana1 brenda1 etvww4 isacs155
1million 1letmein x35v8l zippy1 star12 pkxe62 pilot1 letmein22 jys6wz jjjjjj1 riley1 allison1 badboy1 57np39
56qhxs 4mnveh fatluvr69 fqkw5m gibson1 general1 scout1 dragon69 p3wqaw pussy2 noles1 hihje863 eatme69 express1
eeeeee1 eatme1 mustang5 x24ik3 063dyjuy symow8 2hot4u slimed123 john123 jesse1 mario1 banana1 7uftyx ffvdj474
gggggg1 funny1 panda1 racer1 queen1 trout1 9skw5g acls2h cq2kph d6o8pm booger1 bravo1 hotel6 kristin1 keith1
montana1 vette1 intj3a blue1234 xxxxxxx1 368ejhih l8v53x jo9k2jw2 jupiter2 marines1 rocket1 alpha123 bbbbb1
gsxr1000 gregory1 766rglqy 8dihc6 69camaro camel1 gnasher23 fuzzy1 save13tx russell1 sandra1 dragon12 qn632o
porn4life vanessa1 vampire1 d6wnro njqcw4 nigger1 buddy2 hzze929b hhhhh1 e5pftu mounta1n w00t88 yyyyy1 zzzzz1
stewart1 summer69 system1 3qvqod ssptx452 pn5jvw master12 6uldv8 83y6pv 4tlved flyers88 ffffff1 ggggg1 drag0n
dga9la qqh92r qcmfd454 radar1 trs8f7 911turbo abcd123 crash1 i62gbq horse1 hpk2qc epvjb6 mommy1 yvtte545 007bond
tanya1 sxhq65 stinky1 3ki42x sooners1 letme1n mario66 rocky2 72d5tn 4wcqjn chance1 gbhcf2 fuaqz4 devlt4 q9umoz
pussy4me ue8fpw aaa340 ddddd1 nascar1 bubba2 eagle2 mwq6qlzo voodoo1 iiiiii1 1911a1 xirt2k 2fast4u skeeter1
spanky1 thumper1 tiger7 tmjxn151 l2g7k3 mike69 mazda6 balls1 8vjzus 8uiazp 474jdvff 551scasi 50cent camaro1
cherry1 pxx3eftp poppy1 turk182 uwrl7c chris123 debbie1 natasha1 nissan1 nancy123 hhhhhh1 monica1 victor1
wilson1 winter99 iqzzt580 1monkey 1q2w3e4r5t xjznq5 2fchbg shadow12 smk7366 sniper1 soccer11 today1 lauren1
lincoln1 lgnu9d rogue1 12locked arizona1 al9agd aol123 apollo1 baker1 bbb747 astro1 hawks1 4ng62t 554uzpad
fffff1 samsung1 diablo2 dreamer1 doqvq3 paladin1 pyf8ah ralph1 tri5a3 coach1 dad2ownu de7mdf booboo1 butch1
huskers1 england1 kermit1 monday1 1dallas 1ranger 201jedlz wvj5np wu4etd yamaha1 wrinkle5 zebra1 yankee1 3tmnej
spice1 stacey1 kugm7b renee1 rasta220 7kbe9d 6bjvpe 5lyedn charlie2 c7lrwu ccccc1 fortune12 fx3tuo fubar1
ozlq6qwm ov3ajy prelude1 turtle1 tracy1 abbey1 cooper1 dante1 nexus6 brent1 bulls23 bulls1 hooters1 hevnm4
eeeee1
`;
