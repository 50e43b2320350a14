/**
 * Words for seeded titles, descriptions, notes, tags and hosts. Listed roughly from common to
 * rare: the seed picks word i with a skewed (power-law) probability, so early words are frequent.
 */
export const VOCABULARY = `
the guide how web design data code learn best new review notes home work time people world
article video book reading list ideas tips tools free open source project app research news
javascript python rust history science health food recipe travel music photo film art design
simple quick complete practical modern introduction advanced beginner tutorial course lesson
study paper report analysis history culture economy market business startup product team
manager leadership strategy marketing growth sales customer service support engineering
software hardware computer network security privacy cloud server database query index search
browser mobile android iphone linux windows desktop laptop keyboard mouse screen display
camera lens light color paint drawing sketch sculpture museum gallery theatre dance poetry
novel story fiction fantasy mystery romance biography memoir essay letter journal diary
garden plant flower tree forest river mountain ocean beach island desert city village street
house kitchen bread cheese coffee tea wine beer chocolate fruit apple orange lemon banana
salad soup pasta pizza rice chicken fish beef vegetable spice sugar salt butter milk egg
running cycling swimming hiking climbing yoga fitness sleep mind body heart brain memory
language grammar english french spanish german japanese chinese italian dictionary translation
math physics chemistry biology geology astronomy planet star galaxy space rocket energy solar
climate weather rain snow wind storm winter summer spring autumn morning evening night week
money finance invest stock bank budget tax price cost saving income salary career job resume
interview office remote meeting email calendar task habit focus productivity writing editing
publishing blog newsletter podcast radio television camera stream game puzzle chess football
tennis baseball basketball soccer olympic team coach player score season league match final
family child parent school teacher student university college exam grade class homework
friend community social media network online digital internet website domain hosting
template theme layout font typography grid icon logo brand identity print poster card
map route train plane airport hotel ticket passport visa border country region capital
law policy government election vote democracy rights justice court police crime safety
medicine doctor hospital nurse patient therapy vaccine virus disease nutrition diet vitamin
philosophy ethics logic religion faith meaning purpose value truth beauty wisdom knowledge
machine learning model neural vision robot automation sensor device battery electric engine
car bicycle truck boat ship harbor bridge tunnel road traffic parking fuel speed distance
archive library catalog collection museum exhibit heritage ancient medieval modern future
craft wood metal glass paper fabric sewing knitting pottery tool repair build maker studio
`
  .trim()
  .split(/\s+/)
  .filter((w, i, all) => all.indexOf(w) === i);

/** Second-level names for the ~500 seeded hosts. */
export const HOST_SUFFIXES = ['com', 'org', 'net', 'io', 'dev', 'co.uk', 'de', 'fr', 'blog', 'news'];
